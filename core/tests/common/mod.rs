pub mod nand;
