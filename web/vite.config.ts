import { defineConfig } from "vite";

// The page is served by satrap itself (src/service/web.rs embeds dist/), so
// the build must be reproducible: CI rebuilds it and compares with the
// committed dist/. `npm run dev` proxies nothing: set SATRAP_URL in the page
// (?server= is not used; see src/api.ts) or open the page from satrap.
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
