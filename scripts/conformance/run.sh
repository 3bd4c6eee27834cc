#!/usr/bin/env bash
# Runs the official MCP conformance suite (every server scenario) against the remote Hotels MCP:
# the sandbox provider, then `tbank-hotels-mcp --http` on a free loopback port, then the suite on
# Node 22. Scenarios that do not apply are listed, each with its reason, in expected-failures.yaml;
# the suite itself fails the run on a failure not listed there and on a listed scenario that passes.
# Needs a build (dist/) and the suite installed by .ci/run under .ci/conformance.
set -euo pipefail
cd "$(dirname "$0")/../.."
suite=.ci/conformance/node_modules
if [ ! -x "$suite/.bin/node" ] || [ ! -e "$suite/@modelcontextprotocol/conformance/dist/index.js" ]; then
  echo "conformance: the suite is not installed; run:" >&2
  echo "  npm install --prefix .ci/conformance --no-save --no-package-lock node@22 @modelcontextprotocol/conformance@0.1.16" >&2
  exit 1
fi
[ -f dist/tbank-hotels-mcp.js ] || { echo "conformance: no dist/tbank-hotels-mcp.js; run npm run build" >&2; exit 1; }

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# wait_for FILE REGEX: up to 10 s for a line in FILE matching REGEX.
wait_for() {
  for _ in $(seq 1 100); do
    grep -Eq "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

node dist/tbank-mcp.js sandbox --port 0 >"$tmp/sandbox.out" 2>"$tmp/sandbox.err" &
pids+=($!)
wait_for "$tmp/sandbox.out" '^TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE=' || { echo "conformance: the sandbox did not start" >&2; cat "$tmp/sandbox.err" >&2; exit 1; }
api=$(sed -n 's/^TBANK_HOTELS_API_BASE_URL=//p' "$tmp/sandbox.out")
page=$(sed -n 's/^TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE=//p' "$tmp/sandbox.out")

# An allowlisted environment, as a person would start it: no auth on loopback, the default store.
env -i PATH="$PATH" HOME="$tmp/home" TBANK_HOTELS_API_BASE_URL="$api" TBANK_HOTELS_HOTEL_PAGE_URL_TEMPLATE="$page" \
  node dist/tbank-hotels-mcp.js --http --host 127.0.0.1 --port 0 >"$tmp/server.out" 2>"$tmp/server.err" &
pids+=($!)
wait_for "$tmp/server.err" 'listening on http://127\.0\.0\.1:[0-9]+/mcp' || { echo "conformance: the HTTP server did not start" >&2; cat "$tmp/server.err" >&2; exit 1; }
url=$(grep -Eo 'http://127\.0\.0\.1:[0-9]+/mcp' "$tmp/server.err" | head -n 1)

echo "== conformance $(node -p 'require("./'"$suite"'/@modelcontextprotocol/conformance/package.json").version') on node $("$suite/.bin/node" --version) against $url"
status=0
timeout 600 "$suite/.bin/node" "$suite/@modelcontextprotocol/conformance/dist/index.js" server \
  --url "$url" --suite all --expected-failures scripts/conformance/expected-failures.yaml || status=$?
if [ "$status" -ne 0 ]; then
  echo "conformance: failed (exit $status); the end of the server's stderr:" >&2
  tail -n 40 "$tmp/server.err" >&2
fi
exit "$status"
