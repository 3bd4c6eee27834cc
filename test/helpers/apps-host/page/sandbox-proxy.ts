// The outer frame of the double-iframe sandbox (ext-apps' host model, SEP-1865): served from an
// origin other than the host's, with the view's CSP as a response header. It renders the view's
// HTML in an inner frame with only allow-scripts (an opaque origin: no storage, no access to this
// frame or the host), and relays the view's postMessage traffic to and from the host.

declare const HOST_ORIGIN: string;

const PROXY_READY = "ui/notifications/sandbox-proxy-ready";
const RESOURCE_READY = "ui/notifications/sandbox-resource-ready";

interface ResourceReady {
  method: typeof RESOURCE_READY;
  params: { html: string };
}

function isResourceReady(data: unknown): data is ResourceReady {
  const d = data as Partial<ResourceReady> | null;
  return d?.method === RESOURCE_READY && typeof d.params?.html === "string";
}

const inner = document.createElement("iframe");
inner.setAttribute("sandbox", "allow-scripts");
inner.style.cssText = "width:100%;height:100%;border:0;display:block";
document.body.appendChild(inner);

window.addEventListener("message", (event: MessageEvent<unknown>) => {
  if (event.source === window.parent) {
    if (event.origin !== HOST_ORIGIN) return;
    // The view arrives once; srcdoc keeps this frame's CSP (a srcdoc document inherits its parent's policy).
    if (isResourceReady(event.data)) inner.srcdoc = event.data.params.html;
    else inner.contentWindow?.postMessage(event.data, "*");
  } else if (event.source === inner.contentWindow) {
    window.parent.postMessage(event.data, HOST_ORIGIN);
  }
});

window.parent.postMessage({ jsonrpc: "2.0", method: PROXY_READY, params: {} }, HOST_ORIGIN);
