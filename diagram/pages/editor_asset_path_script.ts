// /static/editor-asset-path.js: tells Excalidraw to load its fonts from our server (a CDN when
// unset). A classic script before the editor's module: the bundle's shared chunks, Excalidraw
// among them, run before any code of the entry itself, and Excalidraw reads this as it loads.
export const EDITOR_ASSET_PATH_JS = `window.EXCALIDRAW_ASSET_PATH = "/editor/";\n`;
