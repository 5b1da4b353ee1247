import { MarkupKind, type ClientCapabilities } from 'vscode-languageserver-protocol';
import { ALL_SYMBOL_KINDS } from './symbol-kinds.js';

/**
 * What docent tells servers it can handle. These are real: hierarchical document symbols
 * (flattened with qualified names by the symbols features), Markdown hover (split into
 * signature and documentation), work-done progress (readiness), workspace/configuration
 * (pyright asks for its settings), dynamic registration (answered, and recorded).
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: false } } },
  workspace: {
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: false },
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: ALL_SYMBOL_KINDS } },
    // Edits servers send (workspace/applyEdit after a refactoring command) become previews.
    applyEdit: true,
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'], failureHandling: 'abort', normalizesLineEndings: false },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false, willSave: false, willSaveWaitUntil: false },
    documentSymbol: {
      dynamicRegistration: false,
      hierarchicalDocumentSymbolSupport: true,
      symbolKind: { valueSet: ALL_SYMBOL_KINDS },
      labelSupport: false,
    },
    hover: { dynamicRegistration: false, contentFormat: [MarkupKind.Markdown, MarkupKind.PlainText] },
    definition: { dynamicRegistration: false, linkSupport: true },
    declaration: { dynamicRegistration: false, linkSupport: true },
    typeDefinition: { dynamicRegistration: false, linkSupport: true },
    implementation: { dynamicRegistration: false, linkSupport: true },
    references: { dynamicRegistration: false },
    signatureHelp: {
      dynamicRegistration: false,
      signatureInformation: { documentationFormat: [MarkupKind.Markdown, MarkupKind.PlainText], parameterInformation: { labelOffsetSupport: true } },
    },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    rename: { dynamicRegistration: false, prepareSupport: true },
    formatting: { dynamicRegistration: false },
    codeAction: {
      dynamicRegistration: false,
      isPreferredSupport: true,
      dataSupport: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports'] } },
      resolveSupport: { properties: ['edit'] },
    },
    rangeFormatting: { dynamicRegistration: false },
    // Pull diagnostics (pyright registers them dynamically): answers on exactly the content sent.
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
    callHierarchy: { dynamicRegistration: false },
    typeHierarchy: { dynamicRegistration: false },
  },
};
