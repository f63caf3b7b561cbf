#!/usr/bin/env python3
"""Writes Fixtures/reference-symbols.json: QR Codes made by the `qrcode` package from PyPI (an
independent implementation), for QRCodeTests to compare module by module.

    pip install qrcode==8.2 && python3 Tests/QRCodeTests/make-fixtures.py
"""
import json, os
import qrcode
from qrcode.util import MODE_8BIT_BYTE, QRData

LEVELS = {"low": qrcode.constants.ERROR_CORRECT_L, "medium": qrcode.constants.ERROR_CORRECT_M,
          "quartile": qrcode.constants.ERROR_CORRECT_Q, "high": qrcode.constants.ERROR_CORRECT_H}
CASES = [
    ("http://192.168.1.20:7480/", "medium", 2),
    ("http://127.0.0.1:7480/", "low", 0),
    ("A", "high", 5),
    ("Tax Collection · Ô ăn quan", "quartile", 7),
    ("x" * 120, "medium", 3),   # version 7: version information
    ("tcnet " * 60, "low", 4),  # version 10: 16-bit count, several blocks
    ("0123456789" * 45, "high", 6),
    ("http://[fe80::1]:7480/projector" * 20, "medium", 1),  # version 23
    ("z" * 2000, "low", 5),  # version 36
]
symbols = []
for text, level, mask in CASES:
    code = qrcode.QRCode(error_correction=LEVELS[level], mask_pattern=mask, border=0)
    code.add_data(QRData(text.encode("utf-8"), mode=MODE_8BIT_BYTE))
    code.make(fit=True)
    rows = ["".join("1" if cell else "0" for cell in row) for row in code.get_matrix()]
    symbols.append({"text": text, "correction": level, "mask": mask, "version": code.version, "rows": rows})
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "Fixtures", "reference-symbols.json"), "w") as out:
    json.dump({"generator": "qrcode 8.2 (PyPI)", "symbols": symbols}, out, indent=1, ensure_ascii=False)
    out.write("\n")
print(len(symbols), "symbols:", [s["version"] for s in symbols])
