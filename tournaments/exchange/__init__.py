"""One event as one file: export from a venue laptop, import (publish) on the national server (issue #18 point 4).

:mod:`.fileformat` turns an event into the versioned JSON document and checks
a document's shape; :mod:`.service` writes a document into this installation,
idempotently by :attr:`tournaments.models.Event.uid`, in one transaction.
"""
