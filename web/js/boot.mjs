// Loaded first and tiny: the engine worker starts booting Pyodide before the page's other
// modules have even arrived.
import { Engine } from "./engine.mjs";

export const engine = new Engine();
