// GET /account: the personal access tokens agents connect with (create one, shown once with the
// MCP client configuration to paste; revoke), every live share link (revoke) and changing the
// password.
import { type Html, html } from "../../runtime/markup.ts";
import type { AccessTokenInfo } from "../service/accounts.ts";
import type { ShareLinkView } from "../service/share_links.ts";
import { actionsTable } from "./actions_table.ts";
import { problemMessage, renderPage } from "./layout.ts";
import { shareLinkTable } from "./share_link_table.ts";

/** What the account page shows: the person, their tokens and share links, and any new token. */
export interface AccountView {
  email: string;
  tokens: AccessTokenInfo[];
  /** The live share links, newest first. */
  shareLinks: ShareLinkView[];
  mcpUrl: string;
  /** A token just created: shown this once. */
  created?: { name: string; token: string };
  /** A one-line outcome ("Token revoked.") or a problem to fix. */
  notice?: string;
  problem?: string;
}

/** The account page: access tokens, share links and the password form. */
export function accountPage(view: AccountView): string {
  return renderPage({
    title: "Account",
    email: view.email,
    scripts: ["/static/copy.js"],
    main: html`
      <p><a href="/">← Back to the gallery</a></p>
      <h1>Account</h1>
      ${view.notice ? html`<p class="message notice" role="status">${view.notice}</p>` : ""}
      ${problemMessage(view.problem)}
      ${view.created ? createdToken(view.created, view.mcpUrl) : ""}
      <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Access tokens for agents</h2>
      <p class="muted">An MCP client connects to <code>${view.mcpUrl}</code> with one of these.</p>
      ${tokenTable(view.tokens)}
      <form method="post" action="/account/tokens" class="inline-form">
      <label for="token-name">Name of a new token</label>
      <input type="text" id="token-name" name="name" required maxlength="100" pattern="[!-~]+"
        placeholder="claude-desktop" aria-describedby="token-name-hint">
      <p id="token-name-hint" class="muted">Letters, digits and punctuation, no spaces.</p>
      <button type="submit" class="primary">Create token</button>
      </form>
      </section>
      <section aria-labelledby="share-links-heading">
        <h2 id="share-links-heading">Share links</h2>
        ${view.shareLinks.length === 0
          ? html`<p>No live share links: only you can open your diagrams. Share one from its
            card’s <b>Actions</b> menu or the editor’s <b>Diagram</b> menu, or a whole collection
            from its page.</p>`
          : shareLinkTable(view.shareLinks, {
            back: "/account",
            showTarget: true,
            changeAccess: false,
          })}
      </section>
      <section aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">Your whole gallery</h2>
        <p>One <code>.zip</code> of every diagram with its history, collections and images
          (<code>.excalidraw</code> files and a <code>manifest.json</code>), to keep or to move to
          another instance.</p>
        <p class="actions"><a class="button" href="/api/export" download>Download the whole gallery</a>
          <a href="/import/gallery">Import a gallery archive</a></p>
      </section>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <form method="post" action="/account/password" class="narrow">
          <label for="current">Current password</label>
          <input type="password" id="current" name="current" autocomplete="current-password" required>
          <label for="next">New password</label>
          <input type="password" id="next" name="next" autocomplete="new-password" required minlength="12"
            aria-describedby="next-hint">
          <p id="next-hint" class="muted">At least 12 characters. Every other browser is signed out.</p>
          <p class="form-actions"><button type="submit">Change password</button></p>
        </form>
      </section>
    `,
  });
}

function createdToken(created: { name: string; token: string }, mcpUrl: string): Html {
  const config = JSON.stringify(
    {
      mcpServers: {
        diagrams: {
          type: "http",
          url: mcpUrl,
          headers: { Authorization: `Bearer ${created.token}` },
        },
      },
    },
    null,
    2,
  );
  return html`
    <section class="created" aria-labelledby="created-heading">
      <h2 id="created-heading">Token “${created.name}” created</h2>
      <p>Copy it now: it is shown only this once.</p>
      <pre id="new-token"><code>${created.token}</code></pre>
      <button type="button" data-copy="new-token">Copy token</button>
      <p>The MCP client configuration to paste:</p>
      <pre id="mcp-config"><code>${config}</code></pre>
      <button type="button" data-copy="mcp-config">Copy configuration</button>
    </section>
  `;
}

function tokenTable(tokens: AccessTokenInfo[]): Html {
  const live = tokens.filter((token) => token.revokedAt === null);
  if (live.length === 0) return html`<p>No tokens yet.</p>`;
  const rows = live.map((token) =>
    html`
      <tr>
        <th scope="row">${token.name}</th>
        <td><time datetime="${token.createdAt}">${token.createdAt.slice(0, 10)}</time></td>
        <td>${token.lastUsedAt
          ? html`<time datetime="${token.lastUsedAt}">${
            token.lastUsedAt.slice(0, 16).replace("T", " ")
          }</time>`
          : "never"}</td>
        <td>
          <form method="post" action="/account/tokens/revoke">
            <input type="hidden" name="name" value="${token.name}">
            <button type="submit" aria-label="Revoke ${token.name}">Revoke</button>
          </form>
        </td>
      </tr>
    `
  );
  return actionsTable("tokens", ["Name", "Created", "Last used"], rows);
}
