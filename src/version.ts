/** The product version, printed by `bajutsu --version` and recorded in manifests. */
export const VERSION = "0.1.0";
