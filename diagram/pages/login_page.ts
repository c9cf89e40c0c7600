// GET /login: the sign-in form. It works without JavaScript (a plain urlencoded POST); after a
// failure it says why in one generic message and keeps the email.
import { html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";

/** What the sign-in form shows again: the email typed, an error, where to go after. */
export interface LoginView {
  /** Where to go after signing in: a same-origin path, already checked. */
  next: string;
  email?: string;
  error?: string;
}

/** The sign-in page. */
export function loginPage(view: LoginView): string {
  const error = view.error === undefined
    ? ""
    : html`<p class="message error" role="alert" id="login-error">${view.error}</p>`;
  return renderPage({
    title: "Sign in",
    main: html`
      <div class="narrow">
      <h1>Sign in</h1>
      ${error}
      <form method="post" action="/login">
      <input type="hidden" name="next" value="${view.next}">
      <label for="email">Email</label>
      <input type="email" id="email" name="email" autocomplete="username" required value="${view
        .email ?? ""}"${view.error === undefined ? "" : html`
        aria-describedby="login-error"
      `}>
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password" required>
      <p class="form-actions"><button type="submit" class="primary">Sign in</button></p>
      </form>
      <p class="muted">Forgot the password? On the server, run <code>deno task reset-password &lt;email&gt;</code>.</p>
      </div>
    `,
  });
}
