export { hashText, type FileSnapshot } from './snapshot.js';
export { Vfs, type VfsChange, type VfsSession } from './vfs.js';
