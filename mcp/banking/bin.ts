#!/usr/bin/env node
// Declared now so the package shape is final; the program itself lands with issue #5.
process.stderr.write("tbank-banking-mcp: not implemented yet in this version (tracked in issue #5)\n");
process.exitCode = 78;
