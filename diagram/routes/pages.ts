// The pages a person uses, put together: the stylesheet and scripts, sign in and out, and behind
// the signed-in check (which sends the browser to /login and back) the gallery pages, a diagram's
// pages (its history and share links too), the import, New from Mermaid, the trash and the
// account page. Forms work without JavaScript.
import { Hono } from "hono";
import type { AccountOperations } from "../service/accounts.ts";
import type { CollectionOperations } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { HistoryOperations } from "../service/history.ts";
import type { TrashOperations } from "../service/trash.ts";
import type { SessionOperations } from "../service/sessions.ts";
import type { ShareLinkOperations } from "../service/share_links.ts";
import { type PageEnv, signedInPage } from "../http/page_session.ts";
import { accountPages } from "./account_pages.ts";
import { diagramLookup } from "./diagram_lookup.ts";
import { diagramPages, type EditorSetup } from "./diagram_pages.ts";
import { editorAssets } from "./editor_assets.ts";
import { galleryPages } from "./gallery_pages.ts";
import { historyPages } from "./history_pages.ts";
import { importPages } from "./import_pages.ts";
import { mermaidPages } from "./mermaid_pages.ts";
import { diagramSharePages, sharePages } from "./share_pages.ts";
import { trashPages } from "./trash_pages.ts";
import { loginPages } from "./login_pages.ts";
import { pageAssets } from "./page_assets.ts";
import { answerPageError } from "./page_errors.ts";

import type { DiagramService } from "../service/diagram_service.ts";

/** Everything the pages need. */
export interface PageRouteDeps {
  sessions: SessionOperations;
  accounts: AccountOperations;
  diagrams: DiagramOperations;
  history: HistoryOperations;
  trash: TrashOperations;
  collections: CollectionOperations;
  shares: ShareLinkOperations;
  gallery: DiagramService["gallery"];
  baseUrl: string;
  secureCookie: boolean;
  trustProxy: boolean;
  editor: EditorSetup;
}

/** Every path a signed-in page answers under. */
const SIGNED_IN_PATHS = [
  "/",
  "/c/*",
  "/d/*",
  "/new",
  "/new/*",
  "/collections",
  "/import",
  "/import/*",
  "/account",
  "/account/*",
  "/trash",
  "/trash/*",
];

/** Every page a person uses, behind the signed-in check where they need one. */
export function pageRoutes(deps: PageRouteDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const mcpUrl = `${deps.baseUrl}/mcp`;
  app.route("/", pageAssets());
  app.route("/", editorAssets(deps.editor.bundle));
  app.route("/", loginPages(deps));
  const signedIn = signedInPage(deps.sessions, deps.secureCookie);
  for (const path of SIGNED_IN_PATHS) app.use(path, signedIn);
  app.route("/", galleryPages({ ...deps, mcpUrl }));
  app.route(
    "/",
    diagramLookup(deps.diagrams, [
      diagramPages(deps),
      historyPages(deps.history),
      diagramSharePages(deps),
    ]),
  );
  app.route("/", sharePages(deps));
  app.route("/", importPages(deps));
  app.route("/", mermaidPages(deps));
  app.route("/", trashPages(deps));
  app.route("/", accountPages({ ...deps, mcpUrl }));
  // The address answers handed out before the pages existed.
  app.get("/diagrams/:id", (c) => c.redirect(`/d/${encodeURIComponent(c.req.param("id"))}`, 301));
  // Whatever a page asks of that is not there is the not-found page, whichever group asked.
  app.onError(answerPageError);
  return app;
}
