import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url)).replace(/\/$/, "");

// The page is served by satrap itself (crates/server/src/web.rs embeds dist/), so
// the build must be reproducible: CI rebuilds it and compares with the
// committed dist/. It builds into SATRAP_WEB_OUT_DIR when that is set
// (CI's comparison), so the check leaves dist/ untouched: a rewritten dist/,
// even byte for byte the same, is newer than the satrap build that embeds
// it, and Cargo would compile the server again.
//
// To work on the page without rebuilding satrap, serve it with Vite and let
// Vite forward the API to a running satrap on loopback:
//   SATRAP_PROXY=http://127.0.0.1:50051 npm run dev        (live reload)
//   SATRAP_PROXY=http://127.0.0.1:50051 npm run preview    (the built dist/)
// The page then calls its own origin, as when satrap serves it: gRPC-Web
// POSTs (/satrap.v1.*, /grpc.*) and the rules files (/docs/rules/) are
// proxied to SATRAP_PROXY.
const target = process.env.SATRAP_PROXY;
const proxy = target
  ? Object.fromEntries(["^/satrap\\.v1\\.", "^/grpc\\.", "^/docs/rules/"].map((path) => [path, { target, changeOrigin: false }]))
  : undefined;

export default defineConfig({
  base: "/",
  // @satrap/client (../clients/typescript, linked) brings its own copies of
  // the protobuf and Connect runtimes and of the generated messages (the
  // same protos, the same protoc-gen-es): the page bundles one of each, its
  // own. The alias matches only the client's imports of its generated
  // modules ("./gen/satrap/v1/NAME_pb.js"; the page's own leave out ".js").
  resolve: {
    dedupe: ["@bufbuild/protobuf", "@connectrpc/connect", "@connectrpc/connect-web"],
    alias: [{ find: /^\.\/gen\/satrap\/v1\/(\w+_pb)\.js$/, replacement: `${here}/src/gen/satrap/v1/$1.ts` }],
  },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: process.env.SATRAP_WEB_OUT_DIR ?? "dist",
    emptyOutDir: true,
    sourcemap: false,
    // One small bundle; satrap serves assets/* as immutable (hashed names).
    assetsInlineLimit: 0,
  },
  server: { fs: { allow: [".."] }, host: "127.0.0.1", proxy },
  preview: { host: "127.0.0.1", proxy },
});
