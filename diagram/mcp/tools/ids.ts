// Ids as tools accept them: any short string, so a mistyped or invented id is answered with
// "not found" and a hint, the same as another account's id.
import { z } from "zod";

/** A diagram id as tools accept it. */
export const diagramIdArgument = z.string().trim().min(1).max(100);
/** A collection id as tools accept it. */
export const collectionIdArgument = z.string().trim().min(1).max(100);
