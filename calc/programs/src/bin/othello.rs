//! `othello`: Othello against seed 002's AI and the searching AI's levels, between two people,
//! or between two computers (the game is `programs::othello`; docs/playing.md#othello).
#![no_std]
#![no_main]

programs::entry!(programs::othello::main);
