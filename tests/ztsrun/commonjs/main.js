"use strict";
// What tsc emits with "module": "CommonJS" (docs/EVERYDAY.md): ZTS loads ES modules, so this fails with a hint.
Object.defineProperty(exports, "__esModule", { value: true });
exports.tick = tick;
function tick(dt) { }
