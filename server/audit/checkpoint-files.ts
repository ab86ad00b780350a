import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * One file per checkpoint, named by its entry count (zero-padded so name order is size order). The
 * name is a function of the trail's state, so two instances checkpointing the same state collide on
 * the name and the exclusive create keeps one; nothing ever rewrites a file.
 */
export function checkpointFileName(size: number): string {
  return `checkpoint-${String(size).padStart(15, "0")}.txt`;
}

const NAME = /^checkpoint-(\d{15})\.txt$/;

export type CheckpointFile = { name: string; text: string };

/** The checkpoint files of `dir`, oldest (smallest) first; other files are ignored. */
export async function readCheckpointFiles(dir: string): Promise<CheckpointFile[]> {
  const names = (await readdir(dir)).filter((n) => NAME.test(n)).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), "utf8") })));
}

/** The newest checkpoint file's name and text, or null when there is none. */
export async function readLatestCheckpointFile(dir: string): Promise<CheckpointFile | null> {
  const names = (await readdir(dir)).filter((n) => NAME.test(n)).sort();
  const name = names.at(-1);
  return name ? { name, text: await readFile(path.join(dir, name), "utf8") } : null;
}

/** The signing time written in a checkpoint, read without checking the signature (only to pace the writer). */
export function checkpointTime(text: string): Date | null {
  const match = /^time (\S+)$/m.exec(text);
  const at = match ? new Date(match[1]!) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
