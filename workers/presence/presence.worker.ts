// The presence worker's entry: builds the API and exposes it over Comlink. All logic lives in presenceApi.
import * as Comlink from 'comlink'
import { createPresenceWorkerApi } from './presenceApi'

Comlink.expose(createPresenceWorkerApi())
