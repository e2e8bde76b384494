#!/bin/sh
# Lighthouse (mobile) scores of the home page, a finished 33-deal game's sheet and its live view,
# on the app served by Flask's own server with a throw-away SQLite database.
#
#     sh benchmarks/lighthouse.sh
#
# Needs npx (Node) and Debian's Chromium; Lighthouse 12 comes from the npm registry the first time.
# Prints one line per page: performance, accessibility, best practices (targets 0.95, 1.0, 1.0).
# Run by hand; not part of ./bin/test.
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=${PORT:-$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
SCOREKEEPER_INSTANCE="$work" RATELIMIT_ENABLED=0 .venv/bin/python benchmarks/lighthouse_game.py "$work" > "$work/game"
SCOREKEEPER_INSTANCE="$work" RATELIMIT_ENABLED=0 .venv/bin/flask --app scorekeeper run --port "$port" \
    > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done
kill -0 "$server" || { cat "$work/server.log"; exit 1; }  # not another program on the same port
game=$(cat "$work/game")
for page in "home /" "sheet-33-deals /games/$game" "live-view /games/$game/live"; do
    name=${page% *}
    path=${page#* }
    CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@12 "http://127.0.0.1:$port$path" \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu" --form-factor=mobile \
        --only-categories=performance,accessibility,best-practices --output=json \
        --output-path="$work/$name.json" --quiet || { tail -5 "$work/server.log"; exit 1; }
    node -e '
        const report = require(process.argv[1]);
        const score = (id) => report.categories[id].score.toFixed(2);
        console.log(`lighthouse ${process.argv[2]}: performance ${score("performance")}, ` +
                    `accessibility ${score("accessibility")}, best practices ${score("best-practices")}`);
    ' "$work/$name.json" "$name"
done
