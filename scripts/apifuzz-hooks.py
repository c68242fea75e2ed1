"""Schemathesis hooks for fuzzing the Formation Desk API (docs/operations.md, "API fuzzing").

The API document names the kinds a file part may be (the multipart bodies' `encoding`
contentType: PDF, PNG, JPEG, GIF, DOCX, XLSX), but a JSON schema cannot describe their bytes, so
without these hooks the fuzzer sends random bytes as a "valid" file and counts the server's
refusal (415, docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md) as a failure.
Here each kind gets a strategy that draws a small real file of that kind — its signature at
offset 0 and, for the two Office kinds, a ZIP whose directory lists the entries that tell them
apart — followed by drawn bytes where the format allows them, so the contents still vary.

Load it with SCHEMATHESIS_HOOKS=scripts/apifuzz-hooks.py (a path: Schemathesis loads a file
when the value holds a slash or ends in .py).
"""

import io
import struct
import zipfile
import zlib

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
