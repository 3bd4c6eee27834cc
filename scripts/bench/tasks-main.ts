import { appendFileSync } from "node:fs";
import { startStdioServers } from "../../test/helpers/stdio-servers.js";
import { TASKS } from "./task-table.js";
import { formatTaskTable, runTasks, TASK_MAX_CALLS, TASK_MAX_STRUCTURED_TOKENS, type TaskTrace } from "./tasks.js";

// `TASKS_TRACE=/path` appends every answer's two channels to that file: what the model read.
const traceFile = process.env.TASKS_TRACE;
const trace: TaskTrace | undefined =
  traceFile === undefined ? undefined : (id, args, r) => appendFileSync(traceFile, `\n=== ${id} ${r.tool} ${JSON.stringify(args)}\n--- text\n${r.text}\n--- structured\n${JSON.stringify(r.data)}\n`);

const servers = await startStdioServers();
try {
  const results = await runTasks(TASKS, servers, trace);
  process.stdout.write(`Agent tasks through the spawned servers (o200k tokens; bounds: ${TASK_MAX_CALLS} calls, ${TASK_MAX_STRUCTURED_TOKENS} structured tokens a task)\n`);
  if (!servers.clockPinned) process.stdout.write("note: libfaketime not found, the servers read the OS clock (the stays are in April 2027)\n");
  process.stdout.write(formatTaskTable(results));
  if (results.some((r) => r.failures.length > 0)) process.exitCode = 1;
} finally {
  await servers.close();
}
