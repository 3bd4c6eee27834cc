#!/usr/bin/env bash
# Starts the sandbox the way a person would (`npx tbank-mcp sandbox --port 0`), then reads the
# location catalog and a first search page with curl. Exits non-zero when anything is off.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
# In a process group of its own: npx does not pass a SIGTERM on to the sandbox it started, which
# outlived the script; the whole group is stopped instead.
setsid npx --no-install tbank-mcp sandbox --port 0 >"$out" 2>/dev/null &
pid=$!
trap 'kill -- -"$pid" 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 1 100); do
  [ "$(grep -c '^TBANK_' "$out" || true)" -ge 3 ] && break
  sleep 0.1
done
head -n 3 "$out"
base=$(sed -n 's/^TBANK_HOTELS_API_BASE_URL=//p' "$out")
[ -n "$base" ] || { echo "smoke: the sandbox printed no TBANK_HOTELS_API_BASE_URL line" >&2; exit 1; }
grep -q '^TBANK_AUTH_ISSUER_URL=http' "$out" && grep -q '^TBANK_BANKING_API_BASE_URL=http' "$out"

locations=$(curl -fsS "$base/v1/seo/locations?limit=100")
kazan=$(printf '%s' "$locations" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const l=JSON.parse(s).items.find(i=>i.name==="Казань");process.stdout.write(l?l.id:"")})')
[ -n "$kazan" ] || { echo "smoke: Казань is not in the catalog" >&2; exit 1; }
page=$(curl -fsS -X POST "$base/v3/search" -H 'content-type: application/json' \
  -d "{\"destinationId\":\"$kazan\",\"checkinDate\":\"2027-03-12\",\"checkoutDate\":\"2027-03-14\",\"guests\":[{\"adultsCount\":2,\"childrenAges\":[]}]}")
printf '%s' "$page" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s);if(!(p.items.length>0))process.exit(1);console.log(`smoke: ${p.items.length} hotels on the first page, ${p.totalCount} reported, first: ${p.items[0].name}`)})'
