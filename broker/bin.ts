#!/usr/bin/env node
// Declared now so the package shape is final; the program itself lands with issue #3.
process.stderr.write("tbank-auth-broker: not implemented yet in this version (tracked in issue #3)\n");
process.exitCode = 78;
