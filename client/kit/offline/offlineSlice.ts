import { createSlice } from '@reduxjs/toolkit';
import { api } from '../../app/api.ts';
import { sessionApi } from '../session/sessionApi.ts';
import { answerFromNetwork, answerFromStore, connectionBack, initialOfflineState, type OfflineState } from './offlineState.ts';
import { lastAccount } from './privateStore.ts';

/**
 * Whose private answers the page asks for (the account the service worker keys them by) and which answers on
 * screen came from the worker's store. Everything is forgotten with the API's state on sign-out.
 */
export const offlineSlice = createSlice({
  name: 'offline',
  // The account this browser last signed in with, until the session answers (privateStore.ts).
  initialState: (): OfflineState => ({ ...initialOfflineState, account: lastAccount() }),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(answerFromStore, (state, { payload }) => {
        state.savedAnswers[payload.endpoint] = payload.savedAt;
      })
      .addCase(answerFromNetwork, (state, { payload }) => {
        delete state.savedAnswers[payload.endpoint];
      })
      .addCase(connectionBack, (state) => {
        state.savedAnswers = {};
      })
      .addCase(api.util.resetApiState, () => initialOfflineState)
      .addMatcher(sessionApi.endpoints.getSession.matchFulfilled, (state, { payload }) => {
        state.account = payload?.id ?? null;
      });
  },
});
