import assert from "node:assert/strict";
import { randomId } from "../store/random_id.ts";
import {
  deleteShareLink,
  insertShareLink,
  setShareAccess,
  shareLinkStates,
} from "../store/share_links.ts";
import { newDiagram, withStore } from "../store/store_testing.ts";
import { trashDiagram } from "../store/trash.ts";
import { guestCredit, linkSessionEnds, linkSessionRef } from "./share_link_sessions.ts";

const HOUR_MS = 60 * 60 * 1000;

Deno.test("a link's visitors' session ends with the link: revoked (when unknown), expired, its diagram trashed, and a guest's when the link turns view-only", async () => {
  await withStore(async (db, alice) => {
    const { id: diagramId } = await newDiagram(db, alice, "shared");
    const now = Date.now();
    const make = (access: "view" | "edit", label: string, expiresAt: string | null = null) =>
      insertShareLink(db, alice, randomId(), {
        target: { diagramId },
        access,
        label,
        downloads: true,
        history: false,
        expiresAt,
      });
    const refOf = async (id: string) =>
      linkSessionRef(id, (await shareLinkStates(db, [id])).get(id)!);

    const view = await make("view", "team");
    const edit = await make("edit", "editors");
    const revoked = await make("view", "gone");
    const expiring = await make("view", "soon", new Date(now + HOUR_MS).toISOString());
    const [viewRef, guestRef, revokedRef, expiringRef] = await Promise.all(
      [view, edit, revoked, expiring].map((link) => refOf(link.id)),
    );
    assert.equal(viewRef, `v:${view.id}`);
    assert.match(guestRef, new RegExp(`^g:${edit.id}[0-9a-z]+$`));

    await deleteShareLink(db, alice, revoked.id);
    const ends = await linkSessionEnds(db, [viewRef, guestRef, revokedRef, expiringRef], now);
    assert.deepEqual(Object.fromEntries(ends), {
      [viewRef]: null,
      [guestRef]: null,
      [expiringRef]: null,
    });
    // An hour on, the expiring link's visitors ended when it expired.
    const later = await linkSessionEnds(db, [expiringRef], now + HOUR_MS);
    assert.equal(later.get(expiringRef), expiring.expiresAt);

    // Turned view-only: its guests ended then; its visitors (viewers) go on.
    assert.ok(await setShareAccess(db, alice, edit.id, "view"));
    const turned = (await shareLinkStates(db, [edit.id])).get(edit.id)!;
    assert.deepEqual(
      Object.fromEntries(await linkSessionEnds(db, [guestRef, await refOf(edit.id)], now)),
      { [guestRef]: turned.accessSince, [`v:${edit.id}`]: null },
    );
    // Back to editing: the old guests stay ended (nobody knows since when), the new ones are live.
    assert.ok(await setShareAccess(db, alice, edit.id, "edit"));
    const newGuestRef = await refOf(edit.id);
    assert.notEqual(newGuestRef, guestRef);
    assert.deepEqual(
      Object.fromEntries(await linkSessionEnds(db, [guestRef, newGuestRef], now)),
      { [newGuestRef]: null },
    );

    await trashDiagram(db, alice, diagramId, now + 1000);
    const trashed = await linkSessionEnds(db, [viewRef], now + 2000);
    assert.equal(trashed.get(viewRef), new Date(now + 1000).toISOString());
  });
});

Deno.test("a save is credited to the labels of the edit links whose guests wrote it, and to nobody else", async () => {
  await withStore(async (db, alice) => {
    const { id: diagramId } = await newDiagram(db, alice, "shared");
    const link = (label: string, access: "view" | "edit" = "edit") =>
      insertShareLink(db, alice, randomId(), {
        target: { diagramId },
        access,
        label,
        downloads: true,
        history: false,
        expiresAt: null,
      });
    const refOf = async (id: string) =>
      linkSessionRef(id, (await shareLinkStates(db, [id])).get(id)!);
    const [a, b, unlabelled, viewer] = await Promise.all([
      link("design review"),
      link("ops"),
      link(""),
      link("readers", "view"),
    ]);
    const [aRef, bRef, unlabelledRef, viewerRef] = await Promise.all(
      [a, b, unlabelled, viewer].map((one) => refOf(one.id)),
    );

    assert.equal(await guestCredit(db, ["s:owner-session", viewerRef]), null);
    assert.equal(await guestCredit(db, ["s:owner-session", aRef]), "design review");
    assert.equal(
      (await guestCredit(db, [aRef, bRef, unlabelledRef]))!.split(", ").toSorted().join(", "),
      "design review, ops",
    );
    assert.equal(await guestCredit(db, [unlabelledRef]), "");
  });
});
