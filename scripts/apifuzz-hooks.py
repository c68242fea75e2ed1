"""Schemathesis hooks for fuzzing the Formation Desk API (docs/operations.md, "API fuzzing").

The API document names the kinds a file part may be (the multipart bodies' `encoding`
contentType: PDF, PNG, JPEG, GIF, DOCX, XLSX), but a JSON schema cannot describe their bytes, so
without these hooks the fuzzer sends random bytes as a "valid" file and counts the server's
refusal (415, docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md) as a failure.
Here each kind gets a strategy that draws a small real file of that kind — its signature at
offset 0 and, for the two Office kinds, a ZIP whose directory lists the entries that tell them
apart — followed by drawn bytes where the format allows them, so the contents still vary.
Two kinds of generated case are kept out (`filter_case`, below): ones the tool's HTTP client
cannot send as generated, and ones past the server's limit on a request's head.

Load it with SCHEMATHESIS_HOOKS=scripts/apifuzz-hooks.py (a path: Schemathesis loads a file
when the value holds a slash or ends in .py).
"""

import io
import struct
import zipfile
import zlib
from urllib.parse import urlencode

import schemathesis
from hypothesis import strategies as st


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)  # 1×1, 8-bit greyscale
    pixels = zlib.compress(b"\x00\x00")  # one row: filter byte, one pixel
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def _office(entries: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in entries.items():
            archive.writestr(name, text)
    return buffer.getvalue()


CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'

PDF = b"%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n"
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
DOCX = _office({"[Content_Types].xml": CONTENT_TYPES, "word/document.xml": "<w:document/>"})
XLSX = _office({"[Content_Types].xml": CONTENT_TYPES, "xl/workbook.xml": "<workbook/>"})

# A PDF, PNG, JPEG or GIF is told by its first bytes: what follows may be anything. A ZIP's
# directory is read from its end, so the Office files are sent as they are.
tail = st.binary(max_size=256)
schemathesis.openapi.media_type("application/pdf", tail.map(lambda extra: PDF + extra))
schemathesis.openapi.media_type("image/png", tail.map(lambda extra: _png() + extra))
schemathesis.openapi.media_type("image/jpeg", tail.map(lambda extra: JPEG + extra))
schemathesis.openapi.media_type("image/gif", tail.map(lambda extra: GIF + extra))
schemathesis.openapi.media_type(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document", st.just(DOCX)
)
schemathesis.openapi.media_type(
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", st.just(XLSX)
)


# Cases kept out of the run, each because what would reach the server is not the case the tool
# judges; the server's answer to each is tested in the repository instead.
HEAD_LIMIT_BYTES = 16 * 1024  # what the server reads of a request's head (Node's default)


@schemathesis.hook
def filter_case(context, case):
    query = case.query or {}
    # A query member whose value is an empty list is not sent at all by the tool's HTTP client,
    # so a case generated to carry it as a violation goes out valid and is "accepted". (A member
    # on the wire with no name, `&=x`, is refused: businesses.bad-input.test.ts.)
    if any(isinstance(value, list) and len(value) == 0 for value in query.values()):
        return False
    # A request head past the server's limit is answered 431 before any route reads it
    # (app.test.ts), a refusal the tool does not count as one.
    head = len(urlencode(query, doseq=True).encode()) + sum(
        len(str(name).encode()) + len(str(value).encode()) + 4
        for name, value in (case.headers or {}).items()
    )
    return head < HEAD_LIMIT_BYTES - 2048  # room for the request line's path and the tool's own headers
