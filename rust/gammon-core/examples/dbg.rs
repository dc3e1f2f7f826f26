//! Prints the legal plays of a Position ID for a roll: `cargo run --example dbg -- ID 31`.
use gammon_core::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let pos = Backgammon::from_id(&a[1], Variant::Backgammon, Color::White).unwrap();
    let d: Dice = a[2].parse().unwrap();
    println!("{:?}", pos.gnubg_board());
    for p in pos.legal_plays(d).iter() {
        let ms: Vec<String> = p.moves().iter().map(|m| m.to_string()).collect();
        println!("{} -> {}", ms.join(" "), id::position_id(p.after()));
    }
}
