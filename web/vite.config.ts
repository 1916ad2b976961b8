import { defineConfig } from "vite";

// The page is served by satrap itself (src/service/web.rs embeds dist/), so
// the build must be reproducible: CI rebuilds it and compares with the
// committed dist/. For `npm run dev`, point the page at a running satrap with
// VITE_SATRAP_URL=http://127.0.0.1:50051 (see src/api.ts).
export default defineConfig({
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // One small bundle; satrap serves assets/* as immutable (hashed names).
    assetsInlineLimit: 0,
  },
  server: { fs: { allow: [".."] } },
});
