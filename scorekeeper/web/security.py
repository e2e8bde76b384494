"""Security headers on every response: a strict Content-Security-Policy and friends.

Everything the pages use is served from static/, with no inline script or
style, so the policy can allow only the app's own origin.
"""

from __future__ import annotations

from flask import Flask, Response

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # The app's own service worker (served at /sw.js) and web app manifest, nobody else's.
        "worker-src 'self'",
        "manifest-src 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    ]
)


def add_security_headers(app: Flask) -> None:
    """Send the same protective headers with every response."""

    @app.after_request
    def protect(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", POLICY)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "same-origin")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        return response
