#!/bin/sh
# Lighthouse (mobile) scores of the home page, a finished 33-deal game's sheet and its live view,
# on the app served by Flask's own server with a throw-away SQLite database.
#
#     sh benchmarks/lighthouse.sh [--quick]
#
# After the README's set-up, ./bin/test, which installs Debian's Chromium and Node's npx (when
# missing); Lighthouse 12 comes from the npm registry the first time (npx keeps it). --quick is the
# smoke run bin/test makes: the home page only, the same code path.
# Prints one line per page: performance, accessibility, best practices (targets 0.95, 1.0, 1.0).
set -eu
pages_measured="home sheet-33-deals live-view"
if [ "${1:-}" = "--quick" ]; then
    pages_measured="home"
fi
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=${PORT:-$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
if [ "$pages_measured" = home ]; then
    echo none > "$work/game"  # the quick run measures no game's page
else
    SCOREKEEPER_INSTANCE="$work" RATELIMIT_ENABLED=0 .venv/bin/python benchmarks/lighthouse_game.py "$work" \
        > "$work/game"
fi
SCOREKEEPER_INSTANCE="$work" RATELIMIT_ENABLED=0 .venv/bin/flask --app scorekeeper run --port "$port" \
    > "$work/server.log" 2>&1 &
server=$!
# Up to two minutes for the server to answer: on a machine busy with other work (bin/test runs this
# beside the browser tests) the app takes far longer to start than the few seconds it takes when idle.
for _ in $(seq 600); do
    curl -fs "http://127.0.0.1:$port/healthz" > /dev/null && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.2
done
kill -0 "$server" || { cat "$work/server.log"; exit 1; }  # not another program on the same port
curl -fs "http://127.0.0.1:$port/healthz" > /dev/null || { echo "the app did not answer" >&2; exit 1; }
game=$(cat "$work/game")
for page in "home /" "sheet-33-deals /games/$game" "live-view /games/$game/live"; do
    name=${page% *}
    path=${page#* }
    case " $pages_measured " in *" $name "*) ;; *) continue ;; esac
    # On a busy machine Lighthouse now and then misses the page load's trace (NO_NAVSTART: "Please run
    # Lighthouse again"): a second try, then a failure.
    for try in 1 2; do
        if CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@12 "http://127.0.0.1:$port$path" \
            --chrome-flags="--headless=new --no-sandbox --disable-gpu" --form-factor=mobile \
            --only-categories=performance,accessibility,best-practices --output=json \
            --output-path="$work/$name.json" --quiet; then
            break
        elif [ "$try" = 2 ]; then
            tail -5 "$work/server.log"
            exit 1
        fi
    done
    node -e '
        const report = require(process.argv[1]);
        const score = (id) => report.categories[id].score.toFixed(2);
        console.log(`lighthouse ${process.argv[2]}: performance ${score("performance")}, ` +
                    `accessibility ${score("accessibility")}, best practices ${score("best-practices")}`);
    ' "$work/$name.json" "$name"
done
