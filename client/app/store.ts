import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { eventsSlice } from '../features/events/eventsSlice.ts';
import { loginSlice } from '../features/login/loginSlice.ts';
import { offlineSlice } from '../kit/offline/offlineSlice.ts';
import { statusSlice } from '../kit/status/statusSlice.ts';
import { api } from './api.ts';

/**
 * UI state in slices, server data only in the RTK Query cache (`api`); `offline` says whose answers the page
 * asks for and which of them came from the service worker's store; `status` the outcome of the last action.
 */
const rootReducer = combineSlices(api, loginSlice, eventsSlice, offlineSlice, statusSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    devTools: import.meta.env.MODE !== 'production',
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
