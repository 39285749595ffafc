import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The login page's sliding panel: the login form or the register ("cadastrar") form. */
export type LoginMode = 'login' | 'cadastrar';

export interface LoginState {
  mode: LoginMode;
}

const initialState: LoginState = { mode: 'login' };

export const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    loginModeChanged(state, action: PayloadAction<LoginMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectLoginMode: (state) => state.mode,
  },
});

export const { loginModeChanged } = loginSlice.actions;
export const { selectLoginMode } = loginSlice.selectors;
