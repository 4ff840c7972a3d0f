/**
 * What the area checks find in one folder: a problem (the area is refused) or a warning (the area
 * loads; `npm run validate:schemas` prints it), each at a file of the folder and a JSON Pointer
 * (RFC 6901) into that file.
 */

/** The files of an area folder (docs/architecture.md "The path of a form area"). */
export type AreaFile = 'area.json' | 'schema.json' | 'ui.json' | 'example.json';

/** One finding: the file (null: the folder itself), the JSON Pointer into it (null: the whole file), the message. */
export type Finding = { file: AreaFile | null; pointer: string | null; message: string };

/** Collects findings of one kind. */
export type Report = (file: AreaFile | null, pointer: string | null, message: string) => void;

/** A pair of reports: problems refuse the area, warnings do not. */
export type Reports = { problem: Report; warning: Report };
