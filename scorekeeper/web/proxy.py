"""Behind a reverse proxy: trust its X-Forwarded-For and -Proto, and send cookies over TLS only.

The proxy that terminates TLS talks plain HTTP to the app, so without its
headers the app would think every request came over HTTP: it would send the
session cookie (which holds the device's right to edit its games) without
``Secure``, and build http:// links for the QR codes. The headers are trusted
only from as many proxies as the setting says, since a client can send them
too.
"""

from __future__ import annotations

import os

from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix


class SessionCookieSecureOverHttps(SecureCookieSessionInterface):
    """The signed session cookie, marked ``Secure`` whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)


def trust_proxies(app: Flask) -> None:
    """Honour X-Forwarded-For and X-Forwarded-Proto from ``TRUSTED_PROXIES`` proxies.

    The setting (``SCOREKEEPER_TRUSTED_PROXIES`` in the environment) counts the
    proxies in front of the app: 1 for nginx alone, 0 (the default) when
    clients reach the app directly and may not claim a scheme or an address.
    X-Forwarded-Host is not trusted: the proxy passes the Host header itself.
    """
    proxies = int(app.config.get("TRUSTED_PROXIES", os.environ.get("SCOREKEEPER_TRUSTED_PROXIES", "0")))
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0)  # type: ignore[method-assign]
    app.session_interface = SessionCookieSecureOverHttps()
