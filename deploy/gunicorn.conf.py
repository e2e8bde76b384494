"""gunicorn settings for Scorekeeper behind nginx (README, "Deploy").

    gunicorn -c deploy/gunicorn.conf.py 'scorekeeper:create_app()'

gunicorn's threads read a request's header and body themselves, with no time
limit: a client that sends half a header holds a thread for as long as it
likes, and four such clients stall two workers of two threads. Run gunicorn
only behind nginx (deploy/nginx/), which reads every request whole, under its
own time limits, before handing it over; bind to an address only nginx reaches.
"""

import os

bind = os.environ.get("SCOREKEEPER_BIND", "127.0.0.1:8000")
# Two workers of two threads suit two cores (benchmarks/load.py); more cores, more workers.
workers = int(os.environ.get("SCOREKEEPER_WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("SCOREKEEPER_THREADS", "2"))
# Replace each worker after about 5,000 requests, not all at once (the jitter
# spreads them): whatever memory a large PDF left behind is given back.
max_requests = int(os.environ.get("SCOREKEEPER_MAX_REQUESTS", "5000"))
max_requests_jitter = max_requests // 10
# A worker silent for 30 s (stuck, not merely busy: gthread workers report in
# between requests) is killed and replaced; on a restart, requests in flight
# get 30 s to finish.
timeout = 30
graceful_timeout = 30
# A worker takes no more connections than it has threads: the others wait in the
# kernel's queue for whichever worker is free first. gunicorn's default (1,000)
# let one worker take five requests while its sibling sat idle, and a worker
# killed then dropped all five, which is as many failures as take a server out
# of nginx's rotation (deploy/nginx/scorekeeper-site.conf: max_fails=5). Now a
# killed worker drops at most its threads' requests (tests/deploy/test_failover.py).
worker_connections = threads
# nginx opens a connection per request and closes it after the answer, so no
# connection is kept alive for another (and none could be: every one of a
# worker's connections is a request under way).
keepalive = 0
# Access log on standard output, for systemd's journal. Request lines carry no
# secret: edit tokens travel in headers, hand-over codes in POST bodies.
accesslog = "-"
