import { getEncoding } from "js-tiktoken";

// One counter for every budget the project states (evals, bench:tasks, the golden journey):
// o200k, the encoding of the models that read these answers.
const o200k = getEncoding("o200k_base");

export const tokens = (text: string): number => o200k.encode(text).length;
