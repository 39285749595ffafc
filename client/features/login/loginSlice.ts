import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The login page's sliding panel: the login form or the register ("cadastrar") form. */
export type LoginMode = 'login' | 'cadastrar';

export interface LoginState {
  mode: LoginMode;
  /** An account was just created here: the page offers "Onde você serve?" until it is done or skipped (docs/product.md §13). */
  welcome: boolean;
}

const initialState: LoginState = { mode: 'login', welcome: false };

export const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    loginModeChanged(state, action: PayloadAction<LoginMode>) {
      state.mode = action.payload;
    },
    accountCreated(state) {
      state.welcome = true;
    },
    welcomeDone(state) {
      state.welcome = false;
    },
  },
  selectors: {
    selectLoginMode: (state) => state.mode,
    selectWelcome: (state) => state.welcome,
  },
});

export const { loginModeChanged, accountCreated, welcomeDone } = loginSlice.actions;
export const { selectLoginMode, selectWelcome } = loginSlice.selectors;
