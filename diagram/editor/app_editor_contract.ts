// What the chat client's diagram view (diagram/view/) gets when it loads app_editor.tsx from our
// origin for full-screen editing: one function that mounts Excalidraw on a file and hands back
// the file as edited. Types only, so the view's own bundle imports nothing of the editor's.

/** An Excalidraw file as the server stores it (validated again on every save). */
export interface AppEditorFile {
  type: string;
  version?: number;
  source?: string;
  elements: Record<string, unknown>[];
  appState?: Record<string, unknown>;
  files?: Record<string, unknown>;
}

export type AppEditorTheme = "light" | "dark";

export interface AppEditorOptions {
  file: AppEditorFile;
  theme: AppEditorTheme;
  /** Called after each change that Excalidraw reports, with whether the drawing now differs. */
  onDirty(dirty: boolean): void;
}

export interface AppEditor {
  /** The stored file with the scene as drawn now (deleted elements included, as saves carry). */
  file(): AppEditorFile;
  /** After a save: the scene as it is now is what the server has. */
  markSaved(): void;
  setTheme(theme: AppEditorTheme): void;
  unmount(): void;
}

/** The module's one export, what the view calls after `import()`. */
export type MountAppEditor = (mount: HTMLElement, options: AppEditorOptions) => Promise<AppEditor>;
