"""Every seat a screen: the web server that gives each seat a phone and a TV the public board.

:mod:`companion.web.server` (aiohttp on its own thread), :mod:`companion.web.views` (what a
page is shown, pure), :mod:`companion.web.protocol` (what a page may send, pure),
:mod:`companion.web.seats` (the seats' secrets), :mod:`companion.web.qr` (the Phones page's
codes).  docs/web.md describes the protocol and the security model.
"""
