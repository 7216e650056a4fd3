import "@testing-library/jest-dom/vitest"
import { registerAllCatalogues } from "../../core/messages/index.ts"

// Components print through the registry of catalogues; a page registers its own language, the tests all seven.
registerAllCatalogues()
