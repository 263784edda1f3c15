// The sync worker's entry: builds the API and exposes it over Comlink. All logic lives in the engine.
import * as Comlink from 'comlink'
import { createSyncWorkerApi } from './workerApi'

Comlink.expose(createSyncWorkerApi())
