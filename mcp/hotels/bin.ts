#!/usr/bin/env node
// Declared now so the package shape is final; the program itself lands with issue #4.
process.stderr.write("tbank-hotels-mcp: not implemented yet in this version (tracked in issue #4)\n");
process.exitCode = 78;
