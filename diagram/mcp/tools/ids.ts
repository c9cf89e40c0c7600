// Ids as tools accept them: any short string, so a mistyped or invented id is answered with
// "not found" and a hint, the same as another account's id.
import { z } from "zod";

export const diagramIdArgument = z.string().trim().min(1).max(100);
export const collectionIdArgument = z.string().trim().min(1).max(100);
