export { VoucherStore, type OpenVoucher, type VoucherStoreOptions } from "./store.js";
export { MAX_VOUCHER_BYTES, isPdfContentType, writePdfAtomically } from "./atomic-pdf.js";
