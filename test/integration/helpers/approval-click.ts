/**
 * What a browser adds to the post a click on the approval page's form sends: a same-origin,
 * top-level navigation with user activation (what approval-browser.test.ts sees Chromium send).
 * The integration tests post it by hand only where the page's token rules, not a browser, are tested.
 */
export const CLICK = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-user": "?1" } as const;
