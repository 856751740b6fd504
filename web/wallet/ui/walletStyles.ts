/** The wallet's CSS (inside its shadow root). Plain, legible, high contrast. */
export const WALLET_STYLES = `
:host { all: initial; font: 14px/1.4 system-ui, sans-serif; color: #111; }
* { box-sizing: border-box; }
button { font: inherit; cursor: pointer; border-radius: 6px; border: 1px solid #888; background: #f4f4f4; padding: 6px 12px; }
button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid #f59e0b; outline-offset: 1px; }
input, select { font: inherit; padding: 4px 6px; border: 1px solid #999; border-radius: 4px; width: 100%; }
.pill { position: fixed; right: 16px; bottom: 16px; background: #111; color: #fff; border: none; border-radius: 999px; padding: 8px 14px; box-shadow: 0 2px 8px #0004; }
.panel { position: fixed; right: 16px; bottom: 60px; width: 340px; max-height: calc(100vh - 80px); overflow: auto; background: #fff; border: 1px solid #bbb; border-radius: 10px; padding: 14px; box-shadow: 0 6px 24px #0003; }
.panel h2, .dialog h2 { font-size: 16px; margin: 0 0 10px; }
.panel section { margin: 10px 0; display: grid; gap: 6px; }
.panel label.check { display: flex; gap: 8px; align-items: flex-start; }
.panel label.check input { width: auto; margin-top: 3px; }
.row { display: flex; gap: 6px; }
.muted { color: #555; font-size: 12px; }
.mono { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
.status { font-size: 12px; min-height: 1em; word-break: break-all; }
.status.error { color: #b91c1c; }
.backdrop { position: fixed; inset: 0; background: #0006; display: grid; place-items: center; }
.dialog { width: min(440px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 18px; box-shadow: 0 10px 40px #0005; }
.dialog .origin { font-weight: 600; word-break: break-all; }
.dialog dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 12px; margin: 12px 0; }
.dialog dt { color: #555; }
.dialog dd { margin: 0; word-break: break-all; }
.dialog .warning { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 6px; padding: 8px; margin: 8px 0; }
.dialog .actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 14px; }
.dialog img { width: 32px; height: 32px; }
`;
