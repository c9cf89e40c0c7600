// What the editor page hands its script (a JSON block in the page): the diagram, and who draws.
export interface EditorConfig {
  diagramId: string;
  /** Shown beside this browser's pointer in the other editors. */
  userName: string;
}

export const EDITOR_CONFIG_ELEMENT_ID = "editor-config";
