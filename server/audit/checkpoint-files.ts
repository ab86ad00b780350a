import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * One file per checkpoint, named by its entry count. The name is a function of the trail's state,
 * so two instances checkpointing the same state collide on the name and the exclusive create keeps
 * one; nothing ever rewrites a file. Not zero-padded: a long run of digits reads as personal data
 * to the masking (server/privacy) and would be starred out of logs and answers.
 */
export function checkpointFileName(size: number): string {
  return `checkpoint-${size}.txt`;
}

const NAME = /^checkpoint-([1-9]\d{0,15})\.txt$/;

/** The entry count a checkpoint file is named for; null for any other file. */
export function checkpointFileSize(name: string): number | null {
  const match = NAME.exec(name);
  return match ? Number(match[1]) : null;
}

/** Checkpoint file names of `dir`, smallest count first. */
async function checkpointNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((n) => NAME.test(n)).sort((a, b) => checkpointFileSize(a)! - checkpointFileSize(b)!);
}

export type CheckpointFile = { name: string; text: string };

/** The checkpoint files of `dir`, oldest (smallest) first; other files are ignored. */
export async function readCheckpointFiles(dir: string): Promise<CheckpointFile[]> {
  const names = await checkpointNames(dir);
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(path.join(dir, name), "utf8") })));
}

/** The newest checkpoint file's name and text, or null when there is none. */
export async function readLatestCheckpointFile(dir: string): Promise<CheckpointFile | null> {
  const name = (await checkpointNames(dir)).at(-1);
  return name ? { name, text: await readFile(path.join(dir, name), "utf8") } : null;
}

/** The signing time written in a checkpoint, read without checking the signature (only to pace the writer). */
export function checkpointTime(text: string): Date | null {
  const match = /^time (\S+)$/m.exec(text);
  const at = match ? new Date(match[1]!) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
