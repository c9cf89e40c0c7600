// The whole-gallery archive for the operator commands (admin.ts export-gallery, import-gallery),
// which name the account by its email as the other commands do.
import type { Database } from "../db/database.ts";
import { findUserByEmail } from "../store/users.ts";
import { NotFoundError } from "./errors.ts";
import { exportGallery } from "./gallery_export.ts";
import { type GalleryImported, importGallery } from "./gallery_import.ts";

export function galleryCommands(db: Database) {
  const userIdOf = async (email: string) => {
    const user = await findUserByEmail(db, email);
    if (user === null) throw new NotFoundError(`no account ${email}`);
    return user.id;
  };
  return {
    async export(email: string): Promise<Uint8Array> {
      return (await exportGallery(db, await userIdOf(email), Date.now)).zip;
    },
    async import(email: string, archive: Uint8Array): Promise<GalleryImported> {
      return importGallery(db, await userIdOf(email), archive);
    },
  };
}
