/**
 * A file of evidence a run wrote (screenshot, element tree, video…), named run-dir relative.
 *
 * @module
 */
export type ArtifactKind =
  | "screenshot"
  | "elements"
  | "rawTree"
  | "video"
  | "deviceLog"
  | "appTrace"
  | "network"
  | "waitDiagnostic";

export interface Artifact {
  /** Run-dir relative, e.g. `00-login/step0/after.png`. */
  name: string;
  kind: ArtifactKind;
  /** driver | runner | simctl | adb | collector | playwright | "<backend> (fallback)". */
  provider: string;
}
