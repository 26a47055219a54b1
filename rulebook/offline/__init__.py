"""Reading at the table without a signal: the offline pack (which pages and files a reader's phone
keeps, keyed by a fingerprint of the content), the compact search index that travels with it, and
the web app manifest. The service worker and the page scripts that use them are in static/js/."""
