//! The contest program: the arbiter runs `joueur()` in the AI's folder for each of its moves;
//! `programs::contest::joueur` reads `colonne` and `nom`, asks the AI, writes the answer and
//! keeps the game in the variable `etat` between calls.
#![no_std]
#![no_main]

programs::entry!(main);

fn main(mut os: programs::Os) {
    programs::contest::joueur(&mut os, &mut @CRATE@::MyAi::new());
}
